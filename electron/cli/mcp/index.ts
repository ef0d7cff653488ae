// The `lena mcp` subcommands, in the order `lena mcp` lists them. A new subcommand is a file that
// calls registerCommand, imported here (login/logout of remote servers join this way).
import './list';
import './doctor';
import './tools';
import './call';
import './resources';
import './read';
import './prompts';
import './prompt';
import './edit';
import './approve';
import '../auth-commands';
