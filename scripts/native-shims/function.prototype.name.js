// name(fn): the function.prototype.name package's calling convention.
module.exports = function name(fn) {
  return fn.name;
};
