// Everyday words → the words tool authors use, for Lena's tool search (bm25.ts adds them to a
// query). Grown round by round from held-out query sets' misses; each round's comment says which
// sets it learned from, and test/bench/tool-search.bench.ts which sets were never tuned on.
export const SYNONYMS: Record<string, string[]> = {
  remove: ['delete', 'drop'], erase: ['delete'], forget: ['delete', 'clear'], delete: ['remove'],
  fetch: ['get', 'retrieve'], show: ['get', 'list'], see: ['get', 'list'], view: ['get', 'read'], retrieve: ['get'],
  make: ['create'], new: ['create'], add: ['create', 'insert'], open: ['create', 'navigate'],
  run: ['execute', 'start'], execute: ['run', 'exec'], launch: ['start', 'run'], program: ['process'],
  stop: ['terminate', 'kill'], terminate: ['kill', 'stop'],
  folder: ['directory', 'label'], document: ['file'], picture: ['image', 'screenshot'], photo: ['image', 'screenshot'], capture: ['screenshot'],
  website: ['page', 'web', 'site'], webpage: ['page', 'web'], link: ['url', 'relation'], go: ['navigate'], visit: ['navigate'],
  previous: ['back'], prior: ['back', 'previous'], internet: ['web'], lookup: ['search'], find: ['search'],
  bug: ['issue'], ticket: ['issue'], pr: ['pull', 'request'], duplicate: ['copy', 'fork'],
  relocate: ['move'], edit: ['update', 'replace'], change: ['update', 'edit'], answer: ['reply'], submit: ['post'], send: ['post'],
  video: ['screencast'], simulate: ['emulate'], cluster: ['kubernetes', 'kubectl'], container: ['pod'], mongo: ['mongodb'],
  table: ['collection'], records: ['documents'], ci: ['pipeline', 'build', 'workflow'], state: ['status'], recent: ['latest'],
  documentation: ['docs'], permitted: ['allowed'], person: ['entity'], people: ['entities', 'users'], address: ['geocode'],
  // Session 4, from the first held-out set's misses (so that set is now a development set; the
  // second held-out set, written without seeing this table, gives the honest figure).
  pause: ['wait'], until: ['wait'], appear: ['wait', 'visible'], sleep: ['wait'], delay: ['wait'],
  alert: ['dialog', 'monitor'], popup: ['dialog'], modal: ['dialog'], confirm: ['dialog', 'accept'],
  latitude: ['geocode', 'coordinates'], longitude: ['geocode', 'coordinates'], coordinates: ['geocode'],
  altitude: ['elevation'], height: ['elevation'], sea: ['elevation'],
  route: ['directions'], drive: ['directions'], driving: ['directions'], travel: ['directions', 'distance'], far: ['distance'],
  many: ['count'], number: ['count'], total: ['count', 'sum'], tally: ['count'],
  fields: ['schema'], structure: ['schema'], columns: ['schema'], shape: ['schema'],
  aside: ['stash'], shelve: ['stash'], temporarily: ['stash'], download: ['clone'],
  record: ['codegen'], recording: ['codegen'], draw: ['generate', 'image', 'chart'], paint: ['generate', 'image'], illustration: ['image', 'generate'], art: ['image', 'generate'],
  sum: ['add'], plus: ['sum', 'add'], note: ['observations', 'add', 'comment'], fact: ['observations'], facts: ['observations'],
  remember: ['memory', 'knowledge', 'search'], relationship: ['relation'], connection: ['relation'],
  said: ['history', 'messages'], room: ['channel'], chat: ['channel', 'message'], approve: ['review'],
  attach: ['upload'], monitor: ['watch'], watch: ['monitor'], track: ['monitor'], print: ['read', 'output', 'logs'], plain: ['text'],
  // Session 4, second round, from the second held-out set's misses (now a development set too;
  // the third held-out set gives the honest figure).
  big: ['size', 'sizes'], biggest: ['size', 'sizes'], large: ['size'], bytes: ['size', 'storage'], disk: ['storage', 'size'],
  tab: ['page', 'tabs'], active: ['select'], switch: ['select'], project: ['repository'], projects: ['repositories'], repo: ['repository'], starred: ['stars'],
  history: ['commits', 'log'], respond: ['comment', 'reply'], checks: ['status'], passing: ['status'], readme: ['file', 'contents'],
  say: ['history', 'messages'], hours: ['details', 'timesheet'], phone: ['details', 'device', 'mobile'], members: ['users'], member: ['user'],
  reach: ['forward', 'port'], localhost: ['forward', 'port'], similar: ['related'], resemble: ['related'], group: ['aggregate'],
  wipe: ['drop', 'delete'], destroy: ['drop', 'delete'], staged: ['status'], unstaged: ['status'], frame: ['iframe'], embedded: ['iframe'],
  pretend: ['agent', 'emulate'], impersonate: ['agent'], unreliable: ['flaky'], intermittent: ['flaky'],
  rows: ['query', 'records'], where: ['filter', 'query'],
  // Third round, from the third held-out set's misses (a development set since; the fourth and
  // fifth held-out sets give the honest figures).
  items: ['directory', 'entries', 'tasks'], graph: ['nodes', 'chart'], mentioning: ['search'], mention: ['search'],
  form: ['upload'], errors: ['console', 'messages'], warnings: ['console', 'messages'], logged: ['console'], remarks: ['comments'], reviewers: ['review', 'comments'],
  discussion: ['comment', 'comments'], row: ['query', 'record'], watchers: ['monitor', 'monitors'], watcher: ['monitor'], runs: ['checks'],
  article: ['paper'], arxiv: ['paper', 'research'], hooked: ['connections', 'connect'], connected: ['connections', 'connect'],
  directory: ['dir'],
  repos: ['projects', 'repositories'], watching: ['followed', 'monitor'], follow: ['followed'], following: ['followed'],
  // Fourth round, from the fourth and fifth held-out sets' misses (development sets since; the
  // sixth held-out set gives the honest figure).
  image: ['media', 'screenshot'], shut: ['close'], box: ['input', 'fill', 'field'], put: ['fill', 'move'], screen: ['screenshot'],
  settings: ['config'], setting: ['config'], configuration: ['config'], together: ['multiple'], several: ['multiple'], save: ['write', 'create', 'update'],
  remark: ['comment'], clean: ['cleanup'], tweak: ['patch'], modify: ['patch', 'update'],
  dropdown: ['select'], pick: ['select'], choose: ['select'], verify: ['assert'], readable: ['visible'],
  revert: ['rollback'], undo: ['rollback', 'revert'], space: ['size'], log: ['console'],
  headers: ['network', 'request'], copy: ['fork'], approved: ['reviews', 'review'], javascript: ['evaluate', 'script'],
  bike: ['directions'], walk: ['directions'], transit: ['directions'], statistics: ['stats'], upstream: ['remote'],
  recorder: ['codegen'], listen: ['expect', 'response'], listening: ['expect', 'response'], ua: ['agent'], return: ['back'], window: ['tab', 'page'],
  details: ['describe'], dig: ['research'],
  // Fifth round, from the sixth held-out set's misses (a development set since; the seventh and
  // eighth held-out sets give the honest figures).
  hit: ['press', 'key'], escape: ['key', 'press'], enter: ['key', 'press'], often: ['usage', 'stats'], used: ['usage'], usage: ['stats'],
  tell: ['post', 'message', 'send'], info: ['retrieve', 'get'], information: ['retrieve', 'get'], connect: ['relation'],
  // Sixth round, from the seventh held-out set's misses (a development set since; the eighth
  // held-out set gives the honest figure).
  once: ['multiple', 'batch'], inside: ['list', 'directory'], contents: ['list', 'read'], grab: ['take', 'get', 'drag'], release: ['deploy', 'drop'], drop: ['drag'],
  bullet: ['block', 'children'], paragraph: ['block', 'children'], bottom: ['append', 'children'], append: ['children'], describe: ['schema'],
  logs: ['log'], commits: ['log'], ahead: ['forward'],
  subscribed: ['followed'], reply: ['comment', 'response'],
  // Seventh round (session 5), from the ninth query set's misses, everyday words only (a
  // development set since; the tenth and eleventh sets give the honest figures).
  prs: ['pull', 'request'], account: ['user'], tracker: ['issue'], unstage: ['reset'], spider: ['crawl'], tunnel: ['port', 'forward'],
  bump: ['scale'], replica: ['scale'], acrobat: ['pdf'], printable: ['pdf'], xhr: ['network', 'request'], subfolder: ['recursive', 'directory'],
  overwrite: ['write'], overwriting: ['write'], repeat: ['echo'], memorized: ['memory', 'graph', 'knowledge'], tear: ['cleanup', 'delete'],
  hung: ['terminate', 'kill'], partial: ['patch'], endpoint: ['request', 'api', 'http'], response: ['reply', 'replies'],
  preset: ['template'], layout: ['template'], slider: ['drag'], picker: ['select', 'option'], menu: ['select', 'option'],
  online: ['web', 'search'], matches: ['results', 'search'], double: ['dblclick', 'click'],
  js: ['javascript', 'evaluate', 'script'], calls: ['request', 'requests'], spun: ['create'],
  whose: ['filter', 'find'],
  // Eighth round (session 6), from the ninth to eleventh sets' misses, general words only (those
  // sets are development sets since; the twelfth and thirteenth, and the two sets on unseen
  // servers, give the honest figures).
  mouse: ['hover'], cursor: ['hover'], pointer: ['hover'], tooltip: ['hover'], tap: ['click'], tick: ['check', 'checkbox'],
  textbox: ['input', 'fill'], redo: ['forward'], profiling: ['performance', 'trace'], markup: ['html'], a11y: ['accessibility', 'snapshot'],
  login: ['connect', 'auth'], evict: ['drain'], wide: ['resize', 'width'], tall: ['resize', 'height'], width: ['resize'],
  reference: ['docs'], examples: ['docs'], db: ['database'], dbs: ['databases'], dump: ['export'], feedback: ['comment', 'comments'],
  teammate: ['user'], colleague: ['user'], coworker: ['user'],
  // Ninth round (session 6), from the misses of the first two sets on servers no round had seen
  // (servers-unseen.json): the everyday words of calendars, mail, task boards, spreadsheets,
  // monitoring, CRMs and feature flags (a development set since; the third unseen set gives the honest figure).
  appointment: ['event', 'calendar'], meeting: ['event'], schedule: ['calendar', 'event'], invite: ['event', 'respond'], invitation: ['event', 'respond'],
  rsvp: ['respond', 'event'], agenda: ['events', 'calendar'], inbox: ['email'], mail: ['email'], mailbox: ['email'],
  sheet: ['table'], spreadsheet: ['table'], column: ['field'], toggle: ['flag'], outage: ['incident'], machine: ['host'],
  board: ['dashboard', 'project'], silence: ['mute', 'downtime'], silenced: ['mute', 'muted'], span: ['trace'], organization: ['workspace'],
  label: ['tag'], initiative: ['project'], item: ['task', 'record'], automation: ['workflow'], attribute: ['property', 'field'],
  plot: ['chart'], chart: ['generate'], bars: ['bar', 'column'], dots: ['scatter'], epoch: ['timestamp'], unix: ['timestamp'], clock: ['time'],
  reorder: ['rerank', 'sort'], variant: ['variation'], publish: ['deploy'], hosted: ['site', 'project'], addon: ['extension', 'integration'], plugin: ['extension'],
  todo: ['task'], rule: ['filter'], deadline: ['due'], rename: ['update'], rain: ['weather', 'conditions'], raining: ['weather', 'conditions'],
  temperature: ['weather'], available: ['freebusy'], availability: ['freebusy'], partition: ['shard'], progress: ['status'], maintenance: ['downtime'],
  // Tenth round (session 6), from the misses of the twelfth, thirteenth and third unseen sets
  // (development sets since; the fourteenth and fourth unseen sets give the honest figures).
  pulldown: ['select', 'option'], snippet: ['code', 'script', 'evaluate'], emoji: ['reaction'], next: ['forward'], hint: ['tooltip', 'hover'],
  shell: ['process', 'terminal'], repl: ['process'], survey: ['feedback'], md: ['markdown'], news: ['search', 'web'], viewport: ['resize'],
  compose: ['draft', 'create'], blocked: ['dependency', 'dependencies'], ago: ['relative'], bulk: ['batch'],
  visualize: ['chart', 'generate'], visual: ['chart'], diagram: ['chart', 'graph'], llm: ['ai', 'model'],
  // Twelfth round (session 7), from the misses of the sets on servers-unseen2.json and
  // servers-unseen3.json (5–9): the everyday words of phones, lodging, flights, calls, sign-in,
  // accounting, API mocks, CMSs and translation (development sets since; the tenth and eleventh
  // unseen sets and the sixteenth held-out set give the honest figures).
  emulator: ['device', 'mobile'], simulator: ['device', 'mobile'], iphone: ['device', 'mobile'], android: ['device', 'mobile'],
  tablet: ['device', 'mobile'], rotate: ['orientation'], landscape: ['orientation'], portrait: ['orientation'], resolution: ['size', 'screen'],
  display: ['screen'], finger: ['tap', 'touch', 'press'], swipe: ['gesture'], paste: ['clipboard'], rental: ['listings'], lodging: ['listings'],
  accommodation: ['listings'], amenities: ['listings', 'details'], plane: ['flight', 'aircraft'], airplane: ['flight', 'aircraft'],
  airline: ['flight', 'operator'], ring: ['call'], dial: ['call'], voice: ['call'], sms: ['message'], texts: ['message', 'messages'],
  signin: ['login'], hook: ['action', 'webhook', 'trigger'], bill: ['invoice'], refund: ['credit'], estimate: ['quote'],
  ledger: ['journal', 'account'], bookkeeping: ['accounting'], earn: ['income', 'profit'], income: ['profit'], owe: ['receivable', 'outstanding'],
  overdue: ['aged', 'outstanding'], liabilities: ['balance'], equity: ['balance'], fake: ['mock'], dummy: ['mock'], stub: ['mock'], openapi: ['spec'],
  swagger: ['spec'], sandbox: ['environment'], cms: ['content', 'entry'], headless: ['content'], hierarchy: ['tree'],
  literature: ['articles', 'search'], language: ['translate'], japanese: ['translate'], french: ['translate'], german: ['translate'],
  spanish: ['translate'], portuguese: ['translate'], chinese: ['translate'], italian: ['translate'], korean: ['translate'],
  reword: ['rephrase', 'rewrite'], clip: ['video'],
};
