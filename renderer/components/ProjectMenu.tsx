// Moved to features/shell/ (store-bound); kept for branches of this session that import it here.
export { ProjectMenu } from '../features/shell/ProjectMenu';
