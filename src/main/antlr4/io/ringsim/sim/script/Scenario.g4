// The scenario language of simulations/*.sim: a cluster, a schema in CQL, workloads, a timeline of faults and
// checks. Line-oriented and forgiving about layout; '#' starts a comment.
grammar Scenario;

file : NL* header (NL+ section)* NL* EOF ;

header : 'scenario' name (STRING)? ;

section
  : 'duration' duration                                  # durationSection
  | 'seed' INT                                           # seedSection
  | 'history' name                                       # historySection
  | 'cluster' '{' NL* (clusterItem NL+)* '}'             # clusterSection
  | CQL_BLOCK                                            # cqlSection
  | QUERIES_BLOCK                                        # queriesSection
  | 'model' '{' NL* (modelItem NL+)* '}'                 # modelSection
  | 'workload' name '{' NL* (workloadItem NL+)* '}'      # workloadSection
  | 'timeline' '{' NL* (timelineItem NL+)* '}'           # timelineSection
  | 'check' '{' NL* (checkItem NL+)* '}'                 # checkSection
  ;

clusterItem
  : 'nodes' INT                                          # nodesItem
  | 'dc' name 'nodes' INT ('racks' INT)?                 # dcItem
  | 'racks' INT                                          # racksItem
  | 'vnodes' INT                                         # vnodesItem
  | 'allocator' name                                     # allocatorItem
  | 'partitioner' name                                   # partitionerItem
  | 'latency' name duration* ('mean' duration)?          # latencyItem
  | 'loss' PERCENT                                       # lossItem
  | 'commitlog' name duration?                           # commitlogItem
  | 'memtable' SIZE                                      # memtableItem
  | 'consistent_range_movement' name                     # consistentRangeMovementItem
  ;

workloadItem
  : 'table' name ('.' name)?                             # tableItem
  | ('key' | 'column') name generator                    # columnItem
  | 'mix' mixPart+                                       # mixItem
  | 'consistency' name                                   # consistencyItem
  | 'consistency' 'write' name 'read' name               # consistencySplitItem
  | 'rate' INT '/s'                                      # rateItem
  | 'concurrency' INT                                    # concurrencyItem
  | 'from' duration 'to' duration                        # windowItem
  | 'ttl' duration                                       # ttlItem
  | 'timestamps' name                                    # timestampsItem
  ;
// An operation and its share: write, read, lwt, update, delete (a row), or delete cell/row/range/partition.
mixPart : name name? PERCENT ;

modelItem : name (INT | SIZE | FLOAT | PERCENT) ;

generator : name ('(' (arg (',' arg)*)? ')')? ;
arg : INT | FLOAT | STRING | duration | name ;

timelineItem : 'at' duration action ;
action
  : 'crash' name                                         # crashAction
  | 'restart' name                                       # restartAction
  | 'bootstrap' name                                     # bootstrapAction
  | 'decommission' name                                  # decommissionAction
  | 'partition' group group                              # partitionAction
  | 'partition' 'oneway' group '->' group                # oneWayAction
  | 'heal'                                               # healAction
  | 'slow' name duration                                 # slowAction
  | 'loss' PERCENT                                       # lossAction
  | 'skew' name MINUS? duration                          # skewAction
  | 'flush' name?                                        # flushAction
  | 'compact' name?                                      # compactAction
  | 'repair' name?                                       # repairAction
  | 'stop' 'member' INT                                  # stopMemberAction
  ;
group : '{' name+ '}' ;

checkItem
  : 'no' words                                           # noCheck
  | words ('<=' | '<') INT                               # maxCheck
  | 'availability' name '>=' PERCENT                     # availabilityCheck
  ;
words : name+ ;

duration : DURATION ;
name : NAME | 'write' | 'read' | 'nodes' | 'racks' | 'table' | 'key' | 'column' | 'from' | 'to' | 'mean'
     | 'heal' | 'crash' | 'restart' | 'flush' | 'compact' | 'repair' | 'loss' | 'slow' | 'skew' | 'partition'
     | 'at' | 'seed' | 'rate' | 'ttl' | 'dc' | 'no' | 'mix' | 'stop' | 'member' | 'model'
     | 'timestamps' ;

CQL_BLOCK : 'cql' [ \t]* '{' .*? '\n' [ \t]* '}' ;
QUERIES_BLOCK : 'queries' [ \t]* '{' .*? '\n' [ \t]* '}' ;
STRING : '"' (~["\r\n])* '"' | '\'' (~['\r\n])* '\'' ;
SIZE : [0-9]+ ('KB' | 'MB' | 'GB' | 'kb' | 'mb' | 'gb' | 'B') ;
PERCENT : [0-9]+ ('.' [0-9]+)? '%' ;
DURATION : ([0-9]+ ('ms' | 's' | 'm' | 'h'))+ ;
FLOAT : [0-9]+ '.' [0-9]+ ;
INT : [0-9]+ ;
MINUS : '-' ;
// Any script, and symbols beyond ASCII (emoji, the snowman): users name scenarios, workloads and data centres in their
// own language. Combining marks (Devanagari vowel signs, emoji variation selectors) and the zero-width joiner of
// emoji sequences are part of a name; ASCII symbols are not (< and >= are tokens).
NAME : [\p{L}\p{So}_] [\p{L}\p{M}\p{N}\p{So}\u200D_\-]* ;
NL : '\r'? '\n' ;
COMMENT : '#' ~[\r\n]* -> skip ;
WS : [ \t]+ -> skip ;
