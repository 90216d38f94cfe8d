import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { mapleRidge, willowCreek } from '@/test/graphql';
import { useOrganizationStore } from './organization';

describe('organization store', () => {
  beforeEach(() => {
    localStorage.clear();
    setActivePinia(createPinia());
  });

  it('takes the current association’s new settings, in its membership too', () => {
    const organization = useOrganizationStore();
    organization.setOrganizations(mapleRidge, [mapleRidge, willowCreek]);
    const settings = { ...mapleRidge.settings, requireMfa: true };
    organization.setCurrentSettings(settings);
    expect(organization.current?.settings).toEqual(settings);
    expect(organization.memberships.find((m) => m.id === mapleRidge.id)?.settings).toEqual(
      settings,
    );
    // The other association keeps its own.
    expect(organization.memberships.find((m) => m.id === willowCreek.id)?.settings).toEqual({});
  });

  it('does nothing without a current association', () => {
    const organization = useOrganizationStore();
    organization.setCurrentSettings({ requireMfa: true });
    expect(organization.current).toBeNull();
    expect(organization.memberships).toEqual([]);
  });
});
