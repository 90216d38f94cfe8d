// The middle of `xs` ordered by `by`: a figure, or the round with the median throughput (its
// latencies with it).
export function median(xs, by = (x) => x) {
  return [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];
}
