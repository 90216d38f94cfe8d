import { Account } from './accounts/accounts.entity.js';

// Entities of every tenant database, listed explicitly (no folder discovery).
export const tenantEntities = [Account];
