import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where this machine's PostgreSQL programs are (PG_BIN overrides; Debian's, then /usr/local/bin). */
const BIN = process.env.PG_BIN ?? '/usr/local/bin';

/**
 * A PostgreSQL server of a test run's own, never the machine's shared one: `initdb` in a
 * temporary folder, started on its own port, which a test may stop (as a crash would: immediate)
 * and start again on the same data. PostgreSQL refuses to run as root: run as root (CI), the
 * server runs as the `postgres` user, which owns the folder.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** The server's URL, for the `postgres` role (trust authentication, loopback only). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private static async as(program: string, args: string[]) {
    const file = path.join(BIN, program);
    return userInfo().uid === 0
      ? run('runuser', ['-u', 'postgres', '--', file, ...args])
      : run(file, args);
  }

  /** A new cluster in a temporary folder, started on `port`. */
  static async create(port: number): Promise<PrivatePostgres> {
    const dir = await mkdtemp(path.join(tmpdir(), 'pawfresh-faults-pg-'));
    if (userInfo().uid === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const pg = new PrivatePostgres(dir, port);
    await PrivatePostgres.as('initdb', [
      '-D',
      pg.data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await pg.start();
    return pg;
  }

  private get data() {
    return path.join(this.dir, 'data');
  }

  /** Starts the server on its port and waits until it takes connections. */
  async start(): Promise<void> {
    await PrivatePostgres.as('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-o',
      // No fsync: the data outlives a server crash (what the tests do), not a machine's.
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
      'start',
    ]);
  }

  /**
   * Stops the server: `immediate` as a crash does (every connection cut, recovery at the next
   * start), `fast` as an orderly shutdown.
   */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await PrivatePostgres.as('pg_ctl', ['-D', this.data, '-m', mode, '-w', 'stop']);
  }

  /** Stops the server and removes its folder. */
  async close(): Promise<void> {
    await this.stop('fast').catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The same server again, from another process of the run (a test worker), to stop and start. */
  static attach(dir: string, port: number): PrivatePostgres {
    return new PrivatePostgres(dir, port);
  }
}
