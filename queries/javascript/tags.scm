; A class field holding a function (`handle = () => …`) is a method of its own: its calls
; are its own, not the class's.
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)]) @definition.function
