import { applyOrgs } from '@prompt-perfect/shared/orgs/chosenSpace';
import { listOrgs } from '@prompt-perfect/shared/orgs/orgsClient';

/**
 * Loads the person's organizations into the space store (the remembered choice applies if still
 * theirs). A failed load keeps what is shown: it must not forget the person's choice.
 */
export async function refreshOrgs(userId: string, signal?: AbortSignal): Promise<void> {
  try {
    const orgs = await listOrgs(signal);
    if (!signal?.aborted) applyOrgs(userId, orgs);
  } catch {
    // The switcher keeps the personal space; the next sign-in or reload tries again.
  }
}
