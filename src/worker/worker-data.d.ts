declare module 'agentdir:worker-data' {
  const data: import('../shared/worker-data.js').WorkerData;
  export default data;
}
