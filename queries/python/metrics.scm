[(if_statement) (elif_clause) (for_statement) (while_statement) (except_clause)
 (conditional_expression) (boolean_operator) (for_in_clause) (if_clause) (case_clause)] @metric.branch
[(if_statement) (for_statement) (while_statement) (try_statement) (with_statement) (match_statement)] @metric.nesting
(lambda) @metric.closure
