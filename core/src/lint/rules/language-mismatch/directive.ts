/** Whether a sentence, in its language, tells the model what to do: it addresses the model or opens on an imperative. */
import { LETTER } from '../../reading/characters';
import { LANGUAGE_NAMES, type LanguageName, wordsRegExp } from '../../reading/language';

/** Words addressing the model: second person, a modal of obligation, "please". Data and examples rarely carry them. */
const ADDRESS: Record<LanguageName, RegExp> = {
  English: wordsRegExp("you|your|please|must|should|make sure|do not|don't"),
  French: wordsRegExp('tu|vous|ton|ta|tes|votre|vos|veuillez|dois|devez|sois|soyez|merci de|il faut'),
  Spanish: wordsRegExp('tú|usted|ustedes|debes|debe|deben|por favor|asegúrate|tienes que|tu|tus|eres|estás'),
  // Case-sensitive: "Sie" addresses the reader, "sie" is "they".
  German: wordsRegExp(
    '[Dd]u|[Dd]ich|[Dd]ir|[Dd]ein*|Sie|Ihnen|Ihr*|[Bb]itte|sollst|musst|sollen|müssen|[Aa]chte|bist',
    'u',
  ),
  Italian: wordsRegExp('tu|ti|tuo|tua|tuoi|Lei|devi|deve|per favore|assicurati|sei'),
  Portuguese: wordsRegExp('você|vocês|tu|teu|tua|seu|sua|deve|devem|por favor|certifique-se'),
};
/** Imperatives a sentence opens on, after any list marker. */
const OPENING: Record<LanguageName, string> = {
  English:
    'write|answer|reply|respond|use|keep|give|list|explain|summari[sz]e|describe|create|generate|add|avoid|include|return|tell|ask|check|be|do|stay|focus|start|end|mention|provide|translate|classify|tag|extract|rewrite|format|limit|follow|never|always|only|make|put|sort|rate|suggest|propose|draft|compose',
  French:
    "réponds|répondez|écris|écrivez|rédige|rédigez|utilise|utilisez|garde|gardez|donne|donnez|fais|faites|explique|expliquez|résume|résumez|évite|évitez|ajoute|ajoutez|commence|termine|mentionne|propose|proposez|reste|restez|indique|indiquez|liste|classe|traduis|vérifie|n'invente|ne|cite|décris|décrivez|sois|soyez",
  Spanish:
    'responde|responda|escribe|escriba|usa|use|utiliza|mantén|da|haz|evita|incluye|sé|explica|resume|añade|indica|menciona|lista|traduce|contesta|redacta|describe|genera|crea|no|nunca|siempre|sigue|clasifica|propón',
  German:
    'antworte|antworten|schreibe|schreib|verwende|nutze|nenne|gib|fasse|erkläre|halte|vermeide|beantworte|erstelle|füge|bleibe|sei|formuliere|liste|übersetze|beschreibe|erwähne|ordne|prüfe|nie|niemals|immer|keine|kein',
  Italian:
    'rispondi|scrivi|usa|utilizza|mantieni|dai|fai|evita|includi|sii|spiega|riassumi|aggiungi|indica|elenca|traduci|redigi|fornisci|descrivi|genera|crea|non|mai|sempre|segui|classifica|proponi',
  Portuguese:
    'responda|escreva|use|utilize|mantenha|dê|faça|evite|inclua|seja|explique|resuma|adicione|indique|mencione|liste|traduza|redija|forneça|descreva|gere|crie|não|nunca|sempre|siga|classifique|proponha',
};
const OPENS_ON = Object.fromEntries(
  LANGUAGE_NAMES.map((l) => [l, new RegExp(`^[\\s\\d.)*•-]*(?:${OPENING[l]})(?![${LETTER}])`, 'iu')]),
) as Record<LanguageName, RegExp>;

/** The sentence, written in `language`, tells the model what to do. */
export function isDirective(sentence: string, language: LanguageName): boolean {
  return ADDRESS[language].test(sentence) || OPENS_ON[language].test(sentence);
}
