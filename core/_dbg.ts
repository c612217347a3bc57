import { francAll } from 'franc-min';
import { promptParts } from './src/lint/promptParts';
import { identifyLanguage } from './src/lint/language';
const t = `Eres el asistente de actas de reuniones de Solano Logística.
Lee la transcripción entre las etiquetas <transcripcion> y genera el acta con este formato exacto:

Summary: <two sentences>
Decisions: <bulleted list>
Next steps: <bulleted list with owner and date>

<transcripcion>
Marta: Bueno, el tema principal es el retraso del almacén de Zaragoza.
</transcripcion>`;
const p = promptParts(t);
console.log(p.answers, identifyLanguage(p.instructions));
const a = p.answers.map((x) => x.text).join('\n');
console.log(identifyLanguage(a), francAll(a).slice(0, 3));
