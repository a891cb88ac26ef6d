export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('avatop get: not built yet\n');
  return 1;
}
