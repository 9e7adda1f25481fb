/**
 * What a library says about its own internals, never what a request did wrong: kit's codec and error
 * texts, JavaScript's error classes and their phrasing, file positions of a stack, Ajv's, Fastify's and
 * busboy's words. No answer of the /v1 server may match it (issue 15: "no refusal shows library internals").
 */
export const LIBRARY_WORDS =
  /Codec|SolanaError|SOLANA_ERROR|TypeError|RangeError|SyntaxError|URIError|Cannot read|undefined|is not a function|\.[jt]s:\d+|\bat \S+ \(|JSON at position|is not valid JSON|Unexpected (token|end)|FST_|ERR_[A-Z]|must NOT|must have required|must match pattern|Multipart|Malformed part|Boundary|base 58 with alphabet/;
