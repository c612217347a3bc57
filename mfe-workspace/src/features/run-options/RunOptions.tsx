import { useState } from 'react';
import { AUDIENCE_GROUPS } from '@prompt-perfect/core/catalog/audiences';
import { PERSONA_GROUPS } from '@prompt-perfect/core/catalog/personas';
import { useWorkspaceStore } from '../../state/workspaceStore';
import { ChevronIcon } from '../../ui/icons';
import { ExamplesFields } from './ExamplesFields';
import { GroupedPicker } from './GroupedPicker';
import { ProviderPicker } from './ProviderPicker';
import { TechniquePicker } from './TechniquePicker';
import styles from './RunOptions.module.css';

const PERSONAS = PERSONA_GROUPS.map((g) => ({ id: g.id, name: g.name, entries: g.personas }));
const AUDIENCES = AUDIENCE_GROUPS.map((g) => ({ id: g.id, name: g.name, entries: g.audiences }));

/**
 * The left sidebar. On narrow screens its body collapses behind a "Prompt options" disclosure;
 * from 900 px up it is always shown and the disclosure button is hidden.
 */
export function RunOptions() {
  const [open, setOpen] = useState(false);
  const personaId = useWorkspaceStore((s) => s.personaId);
  const audienceId = useWorkspaceStore((s) => s.audienceId);
  const set = useWorkspaceStore((s) => s.set);
  return (
    <aside className={styles.sidebar} aria-label="Prompt options">
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls="ws-sidebar-body"
        onClick={() => setOpen((o) => !o)}
      >
        <span>Prompt options</span>
        <ChevronIcon />
      </button>
      <div id="ws-sidebar-body" className={styles.body} data-open={open}>
        <TechniquePicker />
        <ProviderPicker />
        <ExamplesFields />
        <GroupedPicker
          id="ws-persona"
          label="Persona"
          bannerTitle="Active persona"
          placeholder="Choose an expert persona"
          groups={PERSONAS}
          value={personaId}
          onChange={(id) => set({ personaId: id })}
        />
        <GroupedPicker
          id="ws-audience"
          label="Target audience"
          bannerTitle="Active audience"
          placeholder="Choose a target audience"
          groups={AUDIENCES}
          value={audienceId}
          onChange={(id) => set({ audienceId: id })}
        />
      </div>
    </aside>
  );
}
