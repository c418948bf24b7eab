// Building DOM nodes safely: text always goes through textContent, never innerHTML, so that a
// player's name (user input) can never become markup.

/**
 * h("button", {class: "primary", onclick: f, "aria-label": "…"}, "Text", child)
 * Attributes: `class`, `dataset` (object), `on<event>` (listener), booleans (true → present),
 * anything else as an attribute. Children: strings (text nodes), nodes, arrays, null (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of `node` by `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** Show or hide an element (the `hidden` attribute). */
export function show(node, visible) {
  node.hidden = !visible;
}
