// Object.is(a, b), as the object-is package calls it.
module.exports = Object.is;
