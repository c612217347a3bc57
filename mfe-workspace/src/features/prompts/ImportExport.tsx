import { type FormEvent, useState } from 'react';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportSummary,
} from '@prompt-perfect/core/api/registry';
import { exportPrompts, importPrompts } from '@prompt-perfect/shared/api/promptsClient';
import { useSpaceAllows } from '../../state/space';
import ui from '../../ui/ui.module.css';
import history from '../../ui/versions.module.css';
import styles from './Prompts.module.css';

const FORMAT_NAMES: Record<ImportFormat, string> = {
  promptfoo: 'promptfoo (YAML)',
  langfuse: 'Langfuse (JSON)',
  openai: 'OpenAI prompt objects (JSON)',
};

/** Import files are read in the browser and sent as text; the server takes all of a file or none of it. */
const MAX_FILE_BYTES = 1_000_000;

const summaryOf = (done: ImportSummary) => {
  const prompts = done.prompts
    .map((p) => `${p.name} (version${p.versions.length === 1 ? '' : 's'} ${p.versions.join(', ')})`)
    .join(', ');
  const sets = done.testSets ? ` and ${done.testSets} test set${done.testSets === 1 ? '' : 's'}` : '';
  return `Imported ${done.prompts.length} prompt${done.prompts.length === 1 ? '' : 's'}${sets}: ${prompts || 'none'}.`;
};

function saveFile(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function FormatSelect<F extends ImportFormat>({
  label,
  formats,
  value,
  onChange,
}: {
  label: string;
  formats: readonly F[];
  value: F;
  onChange: (format: F) => void;
}) {
  return (
    <label>
      {label}
      <select className={ui.input} value={value} onChange={(e) => onChange(e.target.value as F)}>
        {formats.map((f) => (
          <option key={f} value={f}>
            {FORMAT_NAMES[f]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Prompts in and out: a promptfoo, Langfuse or OpenAI file imported whole; the account's prompts exported. */
export function ImportExport({ onImported }: { onImported: () => void }) {
  const mayImport = useSpaceAllows('prompt.import');
  const [importFormat, setImportFormat] = useState<ImportFormat>('promptfoo');
  const [file, setFile] = useState<File | null>(null);
  const [exportFormat, setExportFormat] = useState<ExportFormat>('promptfoo');
  const [exportLabel, setExportLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const runImport = async (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    if (!file) return setError('Choose a file to import.');
    if (file.size > MAX_FILE_BYTES) return setError('That file is over 1 MB: split it, or import it through the API.');
    setError(null);
    setBusy(true);
    try {
      setStatus(summaryOf(await importPrompts(importFormat, await file.text())));
      onImported();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const runExport = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setStatus('');
    setBusy(true);
    try {
      const { file: exported, fileName } = await exportPrompts(exportFormat, exportLabel.trim() || undefined);
      saveFile(exported, fileName);
      setStatus(`Exported as ${fileName}.`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={history.section} aria-labelledby="ws-prompts-io">
      <h3 id="ws-prompts-io" className={history.heading}>
        Import and export
      </h3>
      <form className={styles.moveForm} onSubmit={runImport} aria-label="Import prompts">
        <FormatSelect label="Import format" formats={IMPORT_FORMATS} value={importFormat} onChange={setImportFormat} />
        <label>
          File
          <input
            type="file"
            className={ui.input}
            accept=".yaml,.yml,.json,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button
          type="submit"
          className={`${ui.button} ${ui.small}`}
          disabled={busy || !mayImport.allowed}
          title={mayImport.reason ?? undefined}
        >
          Import
        </button>
      </form>
      <form className={styles.moveForm} onSubmit={runExport} aria-label="Export prompts">
        <FormatSelect label="Export format" formats={EXPORT_FORMATS} value={exportFormat} onChange={setExportFormat} />
        <label>
          Only the version labelled (optional)
          <input
            type="text"
            className={ui.input}
            value={exportLabel}
            placeholder="production"
            onChange={(e) => setExportLabel(e.target.value)}
          />
        </label>
        <button type="submit" className={`${ui.button} ${ui.small}`} disabled={busy}>
          Export
        </button>
      </form>
      {error && (
        <p className={ui.error} role="alert">
          {error}
        </p>
      )}
      <p className={history.muted} role="status">
        {status}
      </p>
    </section>
  );
}
