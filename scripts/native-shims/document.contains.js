// contains(node, other): the document.contains package's calling convention.
module.exports = function contains(node, other) {
  return node.contains(other);
};
