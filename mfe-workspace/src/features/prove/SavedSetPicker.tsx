import { Select } from '../../ui/Select';
import ui from '../../ui/ui.module.css';
import { useProveStore } from './proveStore';
import { newTestSet, openTestSet } from './testSetActions';

const NEW = 'new';

/** Opens one of the user's saved sets, or starts a new one. */
export function SavedSetPicker() {
  const saved = useProveStore((s) => s.saved);
  const setId = useProveStore((s) => s.setId);
  const busy = useProveStore((s) => s.editorBusy !== null);
  const options = [{ value: NEW, label: 'New test set' }, ...(saved ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.caseCount} cases)` }))];
  return (
    <div>
      <span id="ws-prove-saved-label" className={ui.label}>
        Test set
      </span>
      <Select
        id="ws-prove-saved"
        labelledBy="ws-prove-saved-label"
        value={setId === null ? NEW : String(setId)}
        onValueChange={(v) => {
          if (busy) return;
          if (v === NEW) newTestSet();
          else void openTestSet(Number(v));
        }}
        groups={[{ label: '', options }]}
      />
    </div>
  );
}
