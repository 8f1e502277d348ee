; Definitions. Methods are functions whose nearest enclosing definition is a class.
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
