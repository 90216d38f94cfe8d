// The longest text each column holds, in characters: the database's CHECK constraints written once,
// for every input, import and service that must refuse longer text before PostgreSQL does (a
// refusal there is an error with SQL in it, not a field message), and for the web's form fields,
// which stop the typing there. api/src/core/text-limits.test.ts compares this table with the
// constraints of freshly migrated databases, so neither can change alone.
export const TENANT_TEXT_LIMITS = {
  accounts: { name: 120, description: 1000 },
  journal_entries: { memo: 500, import_ref: 100 },
  journal_lines: { memo: 500 },
  attachments: { filename: 255 },
  property_types: { name: 80 },
  assessment_groups: { name: 120, description: 1000 },
  units: { number: 40, address: 300, owner_name: 200, email: 254, phone: 40 },
  invoices: { memo: 500 },
  invoice_lines: { description: 200 },
  invoice_write_offs: { memo: 500 },
  payments: { reference: 100, memo: 500 },
  vendors: { name: 120, contact_name: 120, email: 254, phone: 40, address: 500 },
  investments: { institution: 120, notes: 1000 },
  reserve_components: { name: 120, unit: 40, notes: 1000 },
  capital_projects: { name: 120, description: 2000, notes: 1000 },
  scenarios: { name: 80 },
  planning_rates: { institution: 120 },
  ai_recommendations: { provider: 200, model: 200, error: 2000 },
  planned_investments: { institution: 120, recommendation_item: 20, note: 500 },
  bank_accounts: { institution: 120 },
  bank_statements: { file_name: 255 },
  bank_lines: { description: 500, payee: 200, check_number: 40, bank_ref: 255 },
  bank_rules: { name: 120, contains: 120, memo: 200 },
  bank_reconciliations: { undo_reason: 500 },
  deposits: { memo: 200 },
  documents: { error: 2000, file_name: 255 },
  variance_notes: { note: 1000 },
  period_closes: { override_reason: 500, reopen_reason: 500 },
  bill_templates: { name: 120, memo: 500 },
  bills: { vendor_invoice_number: 60, memo: 500, void_reason: 500 },
  bill_lines: { memo: 200 },
  bill_approvals: { comment: 1000, ip: 100, user_agent: 500 },
  bill_payments: { memo: 200, void_reason: 500 },
  unit_owners: { email: 254 },
  owner_portal_settings: {
    contact_name: 200,
    contact_email: 254,
    contact_phone: 40,
    mailing_address: 500,
    payment_instructions: 1000,
  },
  published_documents: { title: 200, file_name: 255, content_type: 100 },
  online_payments: { failure_reason: 1000 },
  stripe_payouts: { failure_reason: 1000 },
  autopay_enrollments: { method_label: 100 },
  autopay_charges: { reason: 1000 },
} as const;

export const PLATFORM_TEXT_LIMITS = {
  organizations: { name: 200, time_zone: 64 },
  users: { email: 254 },
  ideas: { title: 200, description: 5000, admin_note: 5000 },
  organization_status_history: { reason: 500 },
  api_tokens: { name: 80 },
  passkeys: { credential_id: 1400, name: 60 },
  sso_states: { redirect_path: 500 },
  user_identities: { subject: 255, email: 320 },
  signups: { association_name: 200, contact_name: 120, email: 254 },
  login_history: { reason: 500 },
} as const;

// The names the code uses.
export const MEMO_MAX = TENANT_TEXT_LIMITS.journal_entries.memo;
export const EMAIL_MAX = PLATFORM_TEXT_LIMITS.users.email;
// A person's name (registration, invitation, profile): checked by the API, not the database.
export const USER_NAME_MAX = 120;
export const PHONE_MAX = TENANT_TEXT_LIMITS.units.phone;
