// Public pages made for one person (a client's proposal, reached by its secret link): the visitors'
// page cache never keeps them and every answer says 'private, no-store'.

/** First path segments of the personal pages. */
export const PERSONAL_SEGMENTS: ReadonlySet<string> = new Set(["proposition"]);

export const isPersonalSegment = (segment: string) => PERSONAL_SEGMENTS.has(segment);
