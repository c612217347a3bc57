import { useRef } from 'react';
import ui from '../../ui/ui.module.css';
import styles from './Prove.module.css';
import { importCasesFile } from './testSetActions';

/** Import CSV/JSON: a visible button for a hidden file input (the input keeps its own label for tests and screen readers). */
export function ImportButton({ disabled }: { disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <label htmlFor="ws-prove-import" className="visually-hidden">
        Import cases from a CSV or JSON file
      </label>
      <input
        ref={input}
        id="ws-prove-import"
        type="file"
        accept=".csv,.json,text/csv,application/json"
        className={styles.fileInput}
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importCasesFile(file);
        }}
      />
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby="ws-prove-import-hint"
      >
        Import CSV/JSON
      </button>
      <span id="ws-prove-import-hint" className="visually-hidden">
        CSV with the columns input and expected; or JSON, a list of objects with input and expected.
      </span>
    </>
  );
}
