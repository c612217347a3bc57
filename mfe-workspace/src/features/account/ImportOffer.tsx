import { messageOf } from '@prompt-perfect/core/errors/messageOf';
import { useState } from 'react';
import { ALREADY_IMPORTED } from '@prompt-perfect/core/api/account';
import { discardLegacyData, findLegacyData, importLegacyDataOnce } from '@prompt-perfect/shared/account/legacyImport';
import ui from '../../ui/ui.module.css';
import styles from './Account.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 favorites and 250 XP", naming only what there is. */
function describe(favorites: number, xp: number): string {
  const parts = [favorites > 0 ? plural(favorites, 'favorite', 'favorites') : '', xp > 0 ? `${xp} XP` : ''].filter(
    Boolean,
  );
  return parts.length ? parts.join(' and ') : 'progress';
}

type State =
  | { step: 'offer' }
  | { step: 'busy' }
  | { step: 'done'; message: string }
  | { step: 'failed'; message: string };

/**
 * Offers the favorites and progress this browser kept before accounts owned them, once: Import
 * moves them into the signed-in account; either choice removes the old copy from the browser.
 */
export function ImportOffer() {
  const [legacy] = useState(findLegacyData);
  const [state, setState] = useState<State>({ step: 'offer' });
  const [dismissed, setDismissed] = useState(false);
  if (!legacy || dismissed) return null;

  const what = describe(legacy.favoriteCount, legacy.xp);
  const importNow = async () => {
    setState({ step: 'busy' });
    try {
      const result = await importLegacyDataOnce(legacy);
      setState({ step: 'done', message: `Imported ${describe(result.favorites, result.xp)} into your account.` });
    } catch (error) {
      const message = messageOf(error);
      setState({
        step: 'failed',
        message: message === ALREADY_IMPORTED ? `${message} Discard this browser's copy?` : message,
      });
    }
  };
  const discard = () => {
    discardLegacyData();
    setDismissed(true);
  };

  return (
    <section className={`${ui.card} ${styles.offer}`} aria-labelledby="ws-import-title">
      <h2 id="ws-import-title" className="visually-hidden">
        Import from this browser
      </h2>
      <p className={styles.offerText} role="status">
        {state.step === 'done'
          ? state.message
          : state.step === 'failed'
            ? state.message
            : `This browser holds ${what} saved before your account kept them. Import them into your account?`}
      </p>
      <div className={styles.offerActions}>
        {state.step === 'done' ? (
          <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setDismissed(true)}>
            Close
          </button>
        ) : (
          <>
            <button
              type="button"
              className={`${ui.button} ${ui.primary} ${ui.small}`}
              onClick={() => void importNow()}
              disabled={state.step === 'busy'}
            >
              {state.step === 'busy' ? 'Importing…' : state.step === 'failed' ? 'Try again' : 'Import'}
            </button>
            <button
              type="button"
              className={`${ui.button} ${ui.small}`}
              onClick={discard}
              disabled={state.step === 'busy'}
            >
              Discard
            </button>
          </>
        )}
      </div>
    </section>
  );
}
