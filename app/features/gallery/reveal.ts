/** Gallery rows slide in at 20 % visibility under 768 px wide, 30 % otherwise. */
export function revealThreshold(viewportWidth: number): number {
  return viewportWidth < 768 ? 0.2 : 0.3;
}

/** Home gallery: at most 6 photos in rows of 3. */
export function toRows<T>(items: readonly T[], perRow = 3, max = 6): T[][] {
  const rows: T[][] = [];
  const list = items.slice(0, max);
  for (let i = 0; i < list.length; i += perRow) rows.push(list.slice(i, i + perRow));
  return rows;
}
