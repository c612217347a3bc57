/**
 * The contract between the shell and its federated remotes: container names, what each
 * exposes, and the props of every exposed component. Shell and remotes both import this file,
 * so a change here breaks the type check on both sides instead of at run time.
 *
 * A remote deployed on its own is built from another checkout, so the type check cannot see it:
 * its build writes the contract's version into its mf-manifest.json (tools/rspack), and the server
 * refuses to release a remote whose manifest carries another version or lacks an exposed module.
 * Raise the version in remoteContract.json with any change a remote must be rebuilt for.
 */
import remoteContract from './remoteContract.json';

export const REMOTES = {
  trial: { container: 'mfe_trial', label: 'Free trial' },
  workspace: { container: 'mfe_workspace', label: 'Workspace' },
  progress: { container: 'mfe_progress', label: 'Progress' },
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** The contract's version, as a remote's manifest carries it in `metaData.contract`. */
export const REMOTE_CONTRACT = { name: remoteContract.name, version: remoteContract.version } as const;
/** The exposed modules (manifest paths) the shell loads from each remote. */
export const REMOTE_CONTRACT_EXPOSES: Record<RemoteName, readonly string[]> = remoteContract.exposes;

/** mfe-trial exposes './TrialApp': the whole visitor page below the header. */
export interface TrialAppProps {
  /** Opens the sign-in flow (modal or /sign-in). */
  onRequestSignIn: () => void;
}

/** mfe-workspace exposes './WorkspaceApp': the whole signed-in workspace below the header. */
export interface WorkspaceAppProps {
  /** Opens the Your Progress modal owned by the shell/progress remote. */
  onOpenProgress?: () => void;
}

/** mfe-progress exposes './ProgressModal': the Your Progress dialog. */
export interface ProgressModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** mfe-progress exposes './AchievementToaster': renders queued achievement toasts. */
type AchievementToasterProps = Record<string, never>;

export interface RemoteExposes {
  trial: { TrialApp: TrialAppProps };
  workspace: { WorkspaceApp: WorkspaceAppProps };
  progress: { ProgressModal: ProgressModalProps; AchievementToaster: AchievementToasterProps };
}
