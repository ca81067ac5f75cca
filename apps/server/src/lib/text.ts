const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text with every lone surrogate (half of a UTF-16 pair, which JSON may carry as `\ud800`) made
 * U+FFFD. As a text column PostgreSQL would store U+FFFD anyway (the driver writes UTF-8); in jsonb
 * the escape is refused outright, so a request's text is made well formed before anything stores it.
 */
export const wellFormed = (s: string) => s.replace(LONE_SURROGATE, '\ufffd');
