import { afterFirstPaint } from './prerender/afterFirstPaint';
import { PRERENDERED_ATTRIBUTE } from './prerender/marker';

// The prerendered page is painted before the scripts take the main thread: on a slow phone the
// deferred scripts can otherwise arrive first and run before the page the visitor already has shows.
const prerendered = document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false;
// Async boundary: lets Module Federation negotiate shared singletons before React loads.
void (prerendered ? afterFirstPaint() : Promise.resolve()).then(() => import('./bootstrap'));
