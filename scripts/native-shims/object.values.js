// Object.values(object), as the object.values package calls it.
module.exports = Object.values;
