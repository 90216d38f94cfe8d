// No import cycles, in the API or the web app.
export default [];
