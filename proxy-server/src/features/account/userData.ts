/**
 * Everything an account owns, behind one small asynchronous interface, so a second backend (the
 * PostgreSQL one of [scale]) is one more implementation. Every method is scoped by user id: an id
 * that belongs to another user behaves exactly like one that does not exist.
 */
import type {
  AccountSettings,
  Favorite,
  HistoryEntry,
  HistoryPage,
  ImportResult,
  NewFavorite,
  RecordedRun,
} from '@prompt-perfect/core/api/account';
import type { Stats } from '@prompt-perfect/core/progress/recordRun';

/** A run as it is stored: a history entry before it has an id, a chain and a date. */
type ServedRun = Pick<
  HistoryEntry,
  'kind' | 'input' | 'output' | 'provider' | 'model' | 'options' | 'refines' | 'stopped'
>;

interface ImportData {
  favorites: Array<NewFavorite & { createdAt?: string }>;
  stats: Pick<Stats, 'xp' | 'streak' | 'totalPrompts' | 'lastActivity'>;
}

interface HistoryQuery {
  /** Entries older than this id. */
  before?: number;
  limit: number;
  /** Text the input or output contains (case-insensitive). */
  text?: string;
  /** Only the versions of one chain. */
  chainId?: number;
}

export interface UserDataStore {
  getSettings(userId: string): Promise<AccountSettings>;
  putSettings(userId: string, settings: AccountSettings): Promise<AccountSettings>;

  listFavorites(userId: string): Promise<Favorite[]>;
  /** 'full' at FAVORITES_MAX; an existing pair is returned with created: false. */
  addFavorite(
    userId: string,
    favorite: NewFavorite,
    now: number,
  ): Promise<{ favorite: Favorite; created: boolean } | 'full'>;
  removeFavorite(userId: string, id: number): Promise<boolean>;

  getProgress(userId: string): Promise<Stats>;
  /**
   * Stores the run in the history of `userId` (a person or an organization's space) and, for a
   * Perfect, applies the progress rules to `score` in `personId`'s progress (the same as `userId`
   * in a personal space). Throws AccountDeletedError when the person's data was deleted at or after
   * `startedAt`.
   */
  recordRun(
    userId: string,
    run: ServedRun,
    score: number,
    now: number,
    timeZone: string | null,
    startedAt: number,
    personId?: string,
  ): Promise<RecordedRun>;

  hasHistoryEntry(userId: string, id: number): Promise<boolean>;
  listHistory(userId: string, query: HistoryQuery): Promise<HistoryPage>;

  /** Merges a browser's old data into the account once; 'already' afterwards. */
  importOnce(userId: string, data: ImportData, now: number): Promise<ImportResult | 'already'>;
  exportAll(
    userId: string,
  ): Promise<{ settings: AccountSettings; favorites: Favorite[]; progress: Stats; history: HistoryEntry[] }>;
  /** Deletes everything and remembers when, so a run started before `now` records nothing. */
  deleteAll(userId: string, now: number): Promise<void>;
}

/** A run that finished after its account's data was deleted: nothing of it is stored. */
export class AccountDeletedError extends Error {
  constructor() {
    super('the account was deleted while this run was in flight');
    this.name = 'AccountDeletedError';
  }
}
