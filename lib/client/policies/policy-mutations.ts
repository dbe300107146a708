import type { PolicyRow } from '../access/types';

export type PolicyInput = Partial<Omit<PolicyRow, 'id' | 'public'>>;
