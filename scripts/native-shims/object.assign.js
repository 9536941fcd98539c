// Object.assign(target, ...sources), as the object.assign package calls it.
module.exports = Object.assign;
