/**
 * Development only (React Refresh under `npm run dev`). Each app bundles its own React Refresh
 * runtime, and a runtime learns React's renderer only when React registers it, or from
 * `hook.renderers` if it starts later. The stand-in hook React Refresh installs does not fill
 * `hook.renderers`, so a remote that loads after React would never refresh. The shell runs this
 * before React loads, so every remote's runtime finds the renderer.
 */
const hook = globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (hook?.renderers && typeof hook.inject === 'function') {
  const inject = hook.inject;
  hook.inject = function injectAndRecord(renderer) {
    const id = inject.call(this, renderer);
    hook.renderers.set(id, renderer);
    return id;
  };
}
