/**
 * The contract between the shell and its federated remotes: container names, what each
 * exposes, and the props of every exposed component. Shell and remotes both import this file,
 * so a change here breaks the type check on both sides instead of at run time.
 */
export const REMOTES = {
  trial: { container: 'mfe_trial', label: 'Free trial' },
  workspace: { container: 'mfe_workspace', label: 'Workspace' },
  progress: { container: 'mfe_progress', label: 'Progress' },
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

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
