import { RUBRIC_MAX, TEST_SET_NAME_MAX } from '@prompt-perfect/core/api/prove';
import { SPLIT_MIN_CASES } from '@prompt-perfect/core/prove/split';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import { CaseRow } from './CaseRow';
import { DeleteTestSet } from './DeleteTestSet';
import { ImportButton } from './ImportButton';
import styles from './Prove.module.css';
import { editSet, type Note, useProveStore } from './proveStore';
import { SavedSetPicker } from './SavedSetPicker';
import { nextCaseId } from './testCases';
import { draftCases, saveTestSet } from './testSetActions';

/** A polite status for news, an alert for problems; empty unless the note is about this place. */
function NoteLine({ note, at }: { note: Note | null; at: Note['at'] }) {
  const mine = note?.at === at ? note : null;
  return (
    <>
      <p className={styles.note} role="status">
        {mine && !mine.error && mine.text}
      </p>
      <p className={`${styles.note} ${ui.error}`} role="alert">
        {mine?.error && mine.text}
      </p>
    </>
  );
}

/** After the list re-renders: the input of case `index`, or Add case when there is none. */
function focusCase(index: number) {
  requestAnimationFrame(() => {
    const inputs = document.querySelectorAll<HTMLTextAreaElement>('[data-prove-cases] textarea[id$="-input"]');
    const target = index >= 0 ? inputs[index] : undefined;
    (target ?? document.getElementById('ws-prove-add-case'))?.focus();
  });
}

/** The set's name and the rubric the judge scores against. */
function NameAndRubric() {
  const name = useProveStore((s) => s.name);
  const rubric = useProveStore((s) => s.rubric);
  return (
    <>
      <div>
        <label htmlFor="ws-prove-name" className={ui.label}>
          Name
        </label>
        <input
          id="ws-prove-name"
          className={ui.input}
          maxLength={TEST_SET_NAME_MAX}
          value={name}
          onChange={(e) => editSet({ name: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="ws-prove-rubric" className={ui.label}>
          Scoring rubric
        </label>
        <textarea
          id="ws-prove-rubric"
          className={ui.textarea}
          rows={3}
          maxLength={RUBRIC_MAX}
          value={rubric}
          placeholder="What the judge looks for in a good answer"
          onChange={(e) => editSet({ rubric: e.target.value })}
          aria-describedby="ws-prove-rubric-hint"
        />
        <p id="ws-prove-rubric-hint" className={ui.hint}>
          The judge scores each answer from 1 to 5 against this rubric and the case's expected points.
        </p>
      </div>
    </>
  );
}

/** The cases: drafted by the model, imported, or added, edited and removed one by one. */
function CaseList() {
  const cases = useProveStore((s) => s.cases);
  const busy = useProveStore((s) => s.editorBusy);
  const note = useProveStore((s) => s.editorNote);

  const addCase = () => {
    editSet({ cases: [...cases, { id: nextCaseId(cases), input: '' }] });
    focusCase(cases.length);
  };
  const removeCase = (index: number) => {
    editSet({ cases: cases.filter((_, i) => i !== index) });
    // Focus stays in the list: the case that took its place, the one before it, or Add case.
    focusCase(Math.min(index, cases.length - 2));
  };

  return (
    <section className={styles.section} aria-labelledby="ws-prove-cases-title">
      <div className={styles.row}>
        <h3 id="ws-prove-cases-title" className={`${styles.heading} ${styles.grow}`}>
          Cases ({cases.length})
        </h3>
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          onClick={() => void draftCases()}
          disabled={busy !== null}
          aria-busy={busy === 'drafting'}
        >
          {busy === 'drafting' ? 'Drafting…' : 'Draft test cases'}
        </button>
        <ImportButton disabled={busy !== null} />
      </div>
      <NoteLine note={note} at="cases" />
      {cases.length === 0 ? (
        <p className={styles.muted}>
          No cases yet. Evaluate needs at least one case; Optimize needs at least {SPLIT_MIN_CASES}. Draft them from
          your task, import a file, or add them one by one.
        </p>
      ) : (
        <ol className={styles.cases} data-prove-cases="">
          {cases.map((c, i) => (
            <CaseRow
              key={c.id}
              testCase={c}
              number={i + 1}
              onChange={(patch) => editSet({ cases: cases.map((x) => (x.id === c.id ? { ...x, ...patch } : x)) })}
              onRemove={() => removeCase(i)}
            />
          ))}
        </ol>
      )}
      <div className={styles.row}>
        <button id="ws-prove-add-case" type="button" className={`${ui.button} ${ui.small}`} onClick={addCase}>
          Add case
        </button>
      </div>
    </section>
  );
}

/** Save, whether there is anything unsaved, and Delete. */
function SaveRow() {
  const busy = useProveStore((s) => s.editorBusy);
  const note = useProveStore((s) => s.editorNote);
  const dirty = useProveStore((s) => s.dirty);
  const setId = useProveStore((s) => s.setId);
  const may = useSpaceAllows('test-set.write');
  return (
    <>
      <div className={styles.row}>
        <button
          type="button"
          className={ui.primary}
          onClick={() => void saveTestSet()}
          disabled={busy !== null || !may.allowed}
          title={may.reason ?? undefined}
          aria-busy={busy === 'saving'}
        >
          {busy === 'saving' ? 'Saving…' : 'Save test set'}
        </button>
        <span className={`${styles.muted} ${styles.grow}`}>
          {dirty ? 'Unsaved changes' : setId !== null ? 'All changes saved' : ''}
        </span>
        <DeleteTestSet />
      </div>
      <NoteLine note={note} at="save" />
    </>
  );
}

/** The test set: name, rubric and cases; drafted by the model, typed, or imported; saved per user. */
export function TestSetEditor() {
  return (
    <div className={styles.stack}>
      <SavedSetPicker />
      <NameAndRubric />
      <CaseList />
      <SaveRow />
    </div>
  );
}
