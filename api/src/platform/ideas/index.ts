// What other platform features use of ideas: the demo seed writes its sample ideas through these.
export { insertIdea, updateIdeaNote, updateIdeaStatus } from './ideas.repository.js';
export { IdeaStatus } from './ideas.types.js';
export { IdeaConnectionResolver, IdeasResolver } from './ideas.resolver.js';
