/**
 * Request shapes by model family, for models beyond the catalogue (a local server's llama3.2:3b,
 * a newer OpenAI model): o-series reasoning models take the o1 shape; every other family the plain
 * chat shape.
 */
const O_SERIES = /^o\d+(?:-|$)/i;

export function isO1Family(modelId: string): boolean {
  return O_SERIES.test(modelId.trim());
}

/** Ids an OpenAI-compatible /models list holds that are no chat models (embeddings, speech, images). */
const NOT_CHAT =
  /(?:^|[-_/:.])(?:embed(?:ding)?s?|whisper|tts|dall-e|davinci|babbage|moderation|image|audio|realtime|transcribe|search|rerank)(?:$|[-_/:.\d])/i;

export function looksLikeChatModel(modelId: string): boolean {
  return !NOT_CHAT.test(modelId) && !/^text-embedding/i.test(modelId);
}
