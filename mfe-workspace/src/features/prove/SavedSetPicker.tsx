import { LabelledSelect } from '../../ui/LabelledSelect';
import { useProveStore } from './proveStore';
import { newTestSet, openTestSet } from './testSetActions';

const NEW = 'new';

/** Opens one of the user's saved sets, or starts a new one. */
export function SavedSetPicker() {
  const saved = useProveStore((s) => s.saved);
  const setId = useProveStore((s) => s.setId);
  const busy = useProveStore((s) => s.editorBusy !== null);
  const options = [
    { value: NEW, label: 'New test set' },
    ...(saved ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.caseCount} cases)` })),
  ];
  return (
    <LabelledSelect
      id="ws-prove-saved"
      label="Test set"
      value={setId === null ? NEW : String(setId)}
      onValueChange={(v) => {
        if (busy) return;
        if (v === NEW) newTestSet();
        else void openTestSet(Number(v));
      }}
      groups={[{ label: '', options }]}
    />
  );
}
