/**
 * Past this size a content or template file is refused unread: a Markdown document, a YAML file or a
 * template is never this big. One limit for every reader of those files, so none reads what another refuses.
 */
export const maxContentFileBytes = 8 * 1024 * 1024;
