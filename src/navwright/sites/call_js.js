// Calls a function published by the page (a dotted path from window) with one object of arguments.
// Returns {missing: true} when there is no such function, else {result: JSON text or null}.
async ([path, args]) => {
  let owner = null;
  let target = window;
  for (const part of path.split(".")) {
    if (target === null || target === undefined) return { missing: true };
    owner = target;
    target = target[part];
  }
  if (typeof target !== "function") return { missing: true };
  const value = await target.call(owner, args);
  if (value === undefined) return { result: null };
  return { result: typeof value === "string" ? value : JSON.stringify(value) };
}
