import { ApiError } from '../../app/api/ApiError';
import type { ApiClient } from '../../app/api/apiClient';
import type { MyRegistration } from '@patio/core/schemas/registration';

export type { MyRegistration };

/**
 * GET registration/mine, with `token` when the session does not hold it yet. Answers null for a person
 * who never registered themselves (404): staff, imported families, families approved long ago.
 */
export async function fetchMyRegistration(api: ApiClient, token?: string): Promise<MyRegistration | null> {
  try {
    return await api.get<MyRegistration>('registration/mine', token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
