// flat(array, depth): the array.prototype.flat package's calling convention.
module.exports = function flat(array, depth) {
  return Array.prototype.flat.call(array, depth);
};
