import { DRAFT_CASES_MAX, TEST_SET_CASES_MAX } from '@prompt-perfect/core/api/prove';
import {
  createTestSet,
  deleteTestSet,
  draftTestSet,
  fetchTestSet,
  listTestSets,
  updateTestSet,
} from '@prompt-perfect/shared/api/proveClient';
import { stillInSpace } from '../../state/space';
import { importCases } from './importCases';
import { provedPrompt, runModel } from './provedPrompt';
import { editSet, useProveStore } from './proveStore';
import { failureText } from './runErrors';
import { appendCases, testSetProblem } from './testCases';
import { lastEvaluations, lastTestSet, rememberTestSet } from './lastTestSet';

const note = (text: string, error = false, at: 'cases' | 'save' = 'cases') =>
  useProveStore.setState({ editorNote: { text, error, at } });

const defaultName = (task: string) => `Cases for: ${task.trim().split('\n')[0].slice(0, 60)}`;

/** Asks the run model for varied cases and a rubric from the task; they replace the blank rows. */
export async function draftCases(count = 10): Promise<void> {
  const { task } = provedPrompt();
  if (!task.trim()) return note('Write a task or prompt first: the cases are drafted from it.', true);
  useProveStore.setState({ editorBusy: 'drafting', editorNote: null });
  try {
    const draft = await draftTestSet({ ...runModel(), task, count: Math.min(count, DRAFT_CASES_MAX) });
    const s = useProveStore.getState();
    const cases = appendCases(
      s.cases,
      draft.cases.map(({ input, expected }) => ({ input, expected })),
    );
    editSet({
      cases,
      rubric: s.rubric.trim() ? s.rubric : draft.rubric,
      name: s.name.trim() ? s.name : defaultName(task),
    });
    note(`Drafted ${draft.cases.length} cases. Edit them, then save.`);
  } catch (error) {
    note(`Could not draft cases: ${failureText(error)}`, true);
  } finally {
    useProveStore.setState({ editorBusy: null });
  }
}

/** Saves the set (creating it the first time); returns its id, or null with the reason shown. */
export async function saveTestSet(): Promise<number | null> {
  const s = useProveStore.getState();
  if (s.setId !== null && !s.dirty) return s.setId;
  const problem = testSetProblem(s);
  if (problem) {
    note(problem, true, 'save');
    return null;
  }
  useProveStore.setState({ editorBusy: 'saving', editorNote: null });
  const input = { name: s.name.trim(), rubric: s.rubric, prompt: provedPrompt().prompt, cases: s.cases };
  try {
    const saved = s.setId === null ? await createTestSet(input) : await updateTestSet(s.setId, input);
    // Edits made while saving stay unsaved.
    const unchanged =
      useProveStore.getState().cases === s.cases &&
      useProveStore.getState().name === s.name &&
      useProveStore.getState().rubric === s.rubric;
    useProveStore.setState({ setId: saved.id, dirty: !unchanged, saved: null });
    rememberTestSet(saved.id);
    note('Saved.', false, 'save');
    void loadSavedSets();
    return saved.id;
  } catch (error) {
    note(`Could not save: ${failureText(error)}`, true, 'save');
    return null;
  } finally {
    useProveStore.setState({ editorBusy: null });
  }
}

/** The user's saved sets, for the picker. A failure leaves the picker empty and says so. */
export async function loadSavedSets(): Promise<void> {
  const sameSpace = stillInSpace();
  try {
    const saved = await listTestSets();
    if (!sameSpace()) return;
    useProveStore.setState({ saved });
    const last = lastTestSet();
    const { setId, cases } = useProveStore.getState();
    if (setId === null && cases.length === 0 && last !== null && saved.some((s) => s.id === last))
      await openTestSet(last);
  } catch (error) {
    if (!sameSpace()) return;
    useProveStore.setState({ saved: [] });
    note(`Could not list your saved test sets: ${failureText(error)}`, true);
  }
}

export async function openTestSet(id: number): Promise<void> {
  useProveStore.setState({ editorBusy: 'loading', editorNote: null });
  const sameSpace = stillInSpace();
  try {
    const set = await fetchTestSet(id);
    if (!sameSpace()) return;
    useProveStore.setState({
      setId: set.id,
      name: set.name,
      rubric: set.rubric,
      cases: set.cases,
      dirty: false,
      estimate: { status: 'idle', value: null, error: null },
    });
    rememberTestSet(set.id);
    // After a reload, the set's last finished evaluations come back with it.
    const { evaluations } = useProveStore.getState();
    const kept = !evaluations.original && !evaluations.optimized ? lastEvaluations(set.id) : null;
    if (kept) useProveStore.setState({ evaluations: kept });
  } catch (error) {
    note(`Could not open the test set: ${failureText(error)}`, true);
  } finally {
    useProveStore.setState({ editorBusy: null });
  }
}

/** A new, empty set (the saved ones stay on the server). */
export function newTestSet(): void {
  useProveStore.setState({
    setId: null,
    name: '',
    rubric: '',
    cases: [],
    dirty: false,
    editorNote: null,
    estimate: { status: 'idle', value: null, error: null },
  });
}

/** Deletes the open set on the server for good; the editor then starts a new one. */
export async function deleteOpenTestSet(): Promise<void> {
  const { setId, name } = useProveStore.getState();
  if (setId === null) return;
  useProveStore.setState({ editorBusy: 'deleting', editorNote: null });
  try {
    await deleteTestSet(setId);
    newTestSet();
    note(`Deleted “${name}”.`, false, 'save');
    void loadSavedSets();
  } catch (error) {
    note(`Could not delete the test set: ${failureText(error)}`, true, 'save');
  } finally {
    useProveStore.setState({ editorBusy: null });
  }
}

/** Adds the cases of a CSV or JSON file; a bad file changes nothing and says what is wrong. */
export async function importCasesFile(file: File): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return note(`Could not read ${file.name}.`, true);
  }
  const result = importCases(file.name, text);
  if (!result.ok) return note(`${file.name}: ${result.error}`, true);
  const cases = appendCases(useProveStore.getState().cases, result.cases);
  if (cases.length > TEST_SET_CASES_MAX)
    return note(
      `${file.name}: a test set holds at most ${TEST_SET_CASES_MAX} cases; with this file it would have ${cases.length}.`,
      true,
    );
  editSet({ cases });
  note(`Imported ${result.cases.length} ${result.cases.length === 1 ? 'case' : 'cases'} from ${file.name}.`);
}
