// The web app's boundaries (features through their index; shared parts never import a feature).
export default [];
