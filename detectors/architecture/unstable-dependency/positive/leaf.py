import d0
import d1
import d2
import d3
import d4
import d5
