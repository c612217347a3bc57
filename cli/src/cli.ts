/** The program: runs the command line it was given and exits with its code (bin/ in a clone, dist/ when installed). */
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
