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
// A name is text in any script: every character beyond ASCII that is not a space, a control or format character
// (but the zero-width joiner and non-joiner of emoji and Persian), a surrogate, private-use or unassigned: letters,
// marks, digits, symbols (the snowman, an emoji, the euro sign) and punctuation (the ideographic full stop). ASCII
// symbols are not part of a name (< and >= are tokens). A name starts with neither a digit nor a combining mark.
NAME : NAME_START NAME_PART* ;
fragment NAME_START : [a-zA-Z_] | ~[\u0000-\u007F\p{Z}\p{C}\p{M}\p{N}] ;
fragment NAME_PART : [a-zA-Z0-9_\-] | [\u200C\u200D] | ~[\u0000-\u007F\p{Z}\p{C}] ;
NL : '\r'? '\n' ;
COMMENT : '#' ~[\r\n]* -> skip ;
WS : [ \t]+ -> skip ;
