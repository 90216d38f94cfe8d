// The owner portal's API answers as the tests read them: Jordan Alvarez owns unit 12 of Maple
// Ridge HOA (and, in some tests, unit 14 too).

export const ownerMembership = {
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role: 'OWNER',
  status: 'ACTIVE',
} as const;

export const owner = { email: 'jordan@example.com', name: 'Jordan Alvarez' };

export function unitJson(id: string, number: string, o: Record<string, unknown> = {}) {
  return {
    __typename: 'OwnerUnit',
    id,
    number,
    address: `${number} Maple Ridge Rd`,
    ownerName: 'Jordan Alvarez',
    balance: '425.00',
    pastDue: '125.00',
    // All that is due by Jan 1, past due included (as the API sums it).
    nextDue: { __typename: 'OwnerDue', amount: '425.00', dueDate: '2026-01-01' },
    coOwners: [],
    ...o,
  };
}

export function associationJson(o: Record<string, unknown> = {}) {
  return {
    __typename: 'OwnerAssociation',
    name: 'Maple Ridge HOA',
    contactName: 'Dana Whitfield, Treasurer',
    contactEmail: 'board@mapleridge.example',
    contactPhone: '(555) 201-3300',
    mailingAddress: 'PO Box 12\nSpringfield, IL 62701',
    paymentInstructions: 'Checks payable to Maple Ridge HOA, with your unit number.',
    onlinePayments: true,
    ...o,
  };
}

export function portalJson(units: unknown[], o: Record<string, unknown> = {}) {
  return {
    ownerPortal: {
      __typename: 'OwnerPortal',
      totalDue: '425.00',
      association: associationJson(),
      units,
      ...o,
    },
  };
}

export function onlinePaymentJson(id: string, o: Record<string, unknown> = {}) {
  return {
    __typename: 'OnlinePayment',
    id,
    unitId: 'u-12',
    createdAt: '2026-01-05T15:00:00.000Z',
    method: 'US_BANK_ACCOUNT',
    amount: '425.00',
    fee: '1.50',
    status: 'processing',
    failureReason: null,
    paymentId: null,
    source: 'checkout',
    ...o,
  };
}

export function autopayJson(unitId: string, o: Record<string, unknown> = {}) {
  return {
    __typename: 'AutopayEnrollment',
    id: `ap-${unitId}`,
    unitId,
    methodLabel: 'Visa •••• 4242',
    maxAmount: '500.00',
    status: 'active',
    createdAt: '2026-01-02T15:00:00.000Z',
    lastCharge: null,
    ...o,
  };
}

// The test kit's request and reply, as far as these answers need them (a feature's file may not
// import the test kit).
interface Request {
  operationName: string;
  variables: Record<string, unknown>;
}
interface Reply {
  status?: number;
  body: unknown;
}

/** A handler answering the portal and AutoPay, then whatever `other` says. */
export function ownerApi<R extends Request>(
  portal: () => unknown,
  other: (req: R) => Reply | undefined = () => undefined,
  autopay: (unitId: string) => unknown = () => null,
) {
  return (req: R): Reply => {
    const answered = other(req);
    if (answered) return answered;
    if (req.operationName === 'OwnerPortal') return { body: { data: portal() } };
    if (req.operationName === 'OwnerAutopay') {
      return { body: { data: { ownerAutopay: autopay(String(req.variables.unitId)) } } };
    }
    return { body: { data: null } };
  };
}
