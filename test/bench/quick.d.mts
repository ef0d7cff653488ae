export declare const QUICK: boolean;
export declare function sized<T>(full: T, quick: T): T;
export declare function writeBenchReport(name: string, report: Record<string, unknown>): void;
export declare function skipBench(name: string, reason: string): void;
export declare const REQUIRE_BANNER: string;
