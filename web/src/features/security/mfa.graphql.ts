import { graphql, type ResultOf } from '@/graphql';

// Two-step sign-in (authenticator app) of the signed-in person.
export const MFA_STATUS_QUERY = graphql(`
  query MfaStatus {
    mfaStatus {
      enabled
      enabledAt
      recoveryCodesLeft
    }
  }
`);

export type MfaStatus = ResultOf<typeof MFA_STATUS_QUERY>['mfaStatus'];

export const BEGIN_MFA_SETUP_MUTATION = graphql(`
  mutation BeginMfaSetup {
    beginMfaSetup {
      otpauthUri
      qrCodeDataUrl
      secret
    }
  }
`);

export const CONFIRM_MFA_SETUP_MUTATION = graphql(`
  mutation ConfirmMfaSetup($code: String!) {
    confirmMfaSetup(code: $code) {
      codes
    }
  }
`);

export const DISABLE_MFA_MUTATION = graphql(`
  mutation DisableMfa($code: String!) {
    disableMfa(code: $code)
  }
`);

export const REGENERATE_RECOVERY_CODES_MUTATION = graphql(`
  mutation RegenerateRecoveryCodes($code: String!) {
    regenerateRecoveryCodes(code: $code) {
      codes
    }
  }
`);
