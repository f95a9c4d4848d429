/** One labelled figure of a token card. */
export function Row({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'warn' }) {
  return (
    <div className={tone ? `stat ${tone}` : 'stat'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
